import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this many bytes a response goes out as it is: a detail, an error or a token response fits
 * in one TCP packet either way, and compressing it would only cost CPU (a 50-record page is ~11 KB).
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Response compression with gzip or br when the client asks for it (Accept-Encoding), registered
 * once on the root so that every plugin's JSON (and the pages) benefits; it adds
 * `Vary: Accept-Encoding` to what it compresses. Request bodies are never decompressed: the token
 * endpoint reads its form as sent (D41) and no other route takes a body from integrators.
 * The token endpoint opts out per route (`config.compress`, oauth plugin).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs ~10x the CPU of gzip for a few % less; 4 compresses a
    // JSON page about as well as gzip's default at a similar cost.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
