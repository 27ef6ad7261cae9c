# api-externa — production image (Node 24 LTS, production dependencies only, non-root).
# Build: docker build -t api-externa .
# Run:   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e REDIS_URL=redis://... api-externa
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
COPY scripts/build-server.mjs ./scripts/
# The server runs as plain JavaScript transpiled from src/ (ADR 0011), built once into the image.
RUN node scripts/build-server.mjs
# The embedded store (used only when DATABASE_URL is unset) writes here.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains in-flight requests and closes the pools before exit.
STOPSIGNAL SIGTERM
# Fewer glibc malloc arenas and a tighter heap growth (ADR 0011, ADR 0015).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=75", ".build/src/server.js"]
