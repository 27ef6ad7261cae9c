-- wrk script for bench/load.ts: GET <path> with a different bearer token on each request, in
-- turn over every token of the file, so no credential passes its 120 requests per minute
-- (D35) and the figures measure the query path, not 429s. Prints one JSON line at the end:
-- requests, seconds, requests per second, latency percentiles (ms) and the count per status.
--
--   wrk -t2 -c4 -d20s -s bench/tokens.lua http://127.0.0.1:PORT -- <tokens file> <path>

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("offset", #threads * 7919)
end

local tokens = {}
local path
local counter = 0
statuses = {}

function init(args)
  local file = assert(io.open(args[1], "r"))
  for line in file:lines() do
    if #line > 0 then table.insert(tokens, line) end
  end
  file:close()
  assert(#tokens > 0, "no tokens in " .. args[1])
  path = args[2]
  -- Threads start at different tokens: together they still go round all of them evenly.
  counter = offset or 0
end

function request()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local merged = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do
      merged[tostring(code)] = (merged[tostring(code)] or 0) + n
    end
  end
  local parts = {}
  for code, n in pairs(merged) do table.insert(parts, string.format('"%s":%d', code, n)) end
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.2f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
      '"socket_errors":%d,"status":{%s}}\n',
    summary.requests,
    summary.duration / 1e6,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000,
    latency:percentile(90) / 1000,
    latency:percentile(99) / 1000,
    latency.max / 1000,
    errors.connect + errors.read + errors.write + errors.timeout,
    table.concat(parts, ",")
  ))
end
