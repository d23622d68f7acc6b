-- wrk script for scripts/bench/checkout.sh: every request is a new guest order of three lines
-- with its own Idempotency-Key and phone, from one of 4,096 client addresses per thread; the
-- counts of placed and refused orders are printed at the end for the script's checks.
local threads = {}
local counter = 0
local products = tonumber(os.getenv("BENCH_PRODUCTS") or "30")
-- Runs against one shop use keys of their own: a key of an earlier run would be replayed.
local run = os.getenv("BENCH_RUN") or "1"

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  placed, refused, failed = 0, 0, 0
end

function request()
  counter = counter + 1
  local n = id * 10000000 + counter
  local a, b, c = n % products + 1, (n + 7) % products + 1, (n + 13) % products + 1
  local body = string.format(
    '{"name":"Bench %d","phone":"010%08d","address":"Farm road %d","city_id":%d,"items":[{"id":%d,"quantity":1},{"id":%d,"quantity":2},{"id":%d,"quantity":1}]}',
    n, n % 100000000, n, n % 27 + 1, a, b, c)
  local address = string.format("10.%d.%d.%d", id, math.floor(counter / 256) % 16, counter % 256)
  local headers = { ["Content-Type"] = "application/json", ["Idempotency-Key"] = "bench-" .. run .. "-" .. n, ["X-Forwarded-For"] = address }
  return wrk.format("POST", "/api/guest-orders/checkout", headers, body)
end

function response(status, headers, body)
  if status == 201 then placed = placed + 1 elseif status == 422 then refused = refused + 1 else failed = failed + 1 end
end

function done(summary, latency, requests)
  local p, r, f = 0, 0, 0
  for _, thread in ipairs(threads) do
    p = p + thread:get("placed"); r = r + thread:get("refused"); f = f + thread:get("failed")
  end
  io.write(string.format("placed %d\nrefused %d\nfailed %d\n", p, r, f))
end
