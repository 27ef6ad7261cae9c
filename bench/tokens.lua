-- wrk script of bench/run.ts. GET <path>, each request with the next "key" in turn:
--   token mode:   Authorization: Bearer <key>    (keys: one access token per line of a file)
--   address mode: X-Forwarded-For: <key>         (keys: generated private addresses)
--   none:         no per-request header
-- api-externa limits data requests per credential (120 per clock minute) and unauthenticated
-- ones per source address (600 per minute); the runner gives each phase enough fresh keys that
-- none passes its limit, and this script proves it: it counts the requests sent with each key
-- and the answers per status, and prints them in one JSON line at the end. An answer with the
-- expected status must also hold the expected text (a list's meta, an error's code): one that
-- does not is counted in wrong_body, so a fast wrong answer never counts as a success.
--
--   wrk -t2 -c32 -d15s -s bench/tokens.lua http://127.0.0.1:PORT -- \
--       <path> <threads> <mode: token|address|none> <tokens file | first address index | -> <key count> \
--       <expected status> <text the body must contain | -> [Header: value ...]

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("index", #threads)
end

local path
local keys = {}
local header_name
local extra = {}
local counter = 0
local expected_status
local must_contain
statuses = {}
sent = {}
wrong_body = 0

-- 10.64.0.0/10 holds 4M private addresses, never contacted: only labels for the rate limiter.
local function address(n)
  return string.format("10.%d.%d.%d", 64 + math.floor(n / 65536) % 64, math.floor(n / 256) % 256, n % 256)
end

function init(args)
  path = args[1]
  local nthreads = tonumber(args[2])
  local mode = args[3]
  local source = args[4]
  local count = tonumber(args[5])
  expected_status = tonumber(args[6])
  if args[7] ~= "-" then must_contain = args[7] end
  for i = 8, #args do
    local name, value = string.match(args[i], "^([^:]+):%s*(.*)$")
    extra[name] = value
  end
  -- Thread k takes keys k, k + threads, k + 2*threads, ...: the threads share no key, so the
  -- count per key is exact whatever the threads' speeds.
  local all = {}
  if mode == "token" then
    header_name = "Authorization"
    local file = assert(io.open(source, "r"))
    for line in file:lines() do
      if #line > 0 then table.insert(all, "Bearer " .. line) end
    end
    file:close()
  elseif mode == "address" then
    header_name = "X-Forwarded-For"
    local first = tonumber(source)
    for i = 0, count - 1 do table.insert(all, address(first + i)) end
  end
  for i = index, #all, nthreads do table.insert(keys, all[i]) end
  if mode ~= "none" then assert(#keys > 0, "no keys for thread " .. index) end
end

function request()
  local headers = {}
  for name, value in pairs(extra) do headers[name] = value end
  if #keys > 0 then
    counter = counter + 1
    local k = (counter % #keys) + 1
    headers[header_name] = keys[k]
    sent[k] = (sent[k] or 0) + 1
  end
  return wrk.format("GET", path, headers)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if must_contain and status == expected_status and not string.find(body, must_contain, 1, true) then
    wrong_body = wrong_body + 1
  end
end

function done(summary, latency, requests)
  local merged = {}
  local most, fewest, nkeys, wrong = 0, nil, 0, 0
  for _, thread in ipairs(threads) do
    wrong = wrong + thread:get("wrong_body")
    for code, n in pairs(thread:get("statuses")) do
      merged[tostring(code)] = (merged[tostring(code)] or 0) + n
    end
    for _, n in pairs(thread:get("sent")) do
      nkeys = nkeys + 1
      if n > most then most = n end
      if fewest == nil or n < fewest then fewest = n end
    end
  end
  local parts = {}
  for code, n in pairs(merged) do table.insert(parts, string.format('"%s":%d', code, n)) end
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
      '"socket_errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},"status":{%s},' ..
      '"wrong_body":%d,"keys_used":%d,"most_per_key":%d,"fewest_per_key":%d}\n',
    summary.requests,
    summary.duration / 1e6,
    latency:percentile(50) / 1000,
    latency:percentile(90) / 1000,
    latency:percentile(99) / 1000,
    latency.max / 1000,
    errors.connect, errors.read, errors.write, errors.timeout,
    table.concat(parts, ","),
    wrong, nkeys, most, fewest or 0
  ))
end
