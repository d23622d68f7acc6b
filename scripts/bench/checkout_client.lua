-- wrk script for scripts/bench/checkout.sh, the client leg: one connection per thread, each
-- thread a verified buyer (a token from BENCH_TOKENS, one per line) who adds three products to
-- the server cart (1, 2 and 1 units) and checks it out with a new address and its own
-- Idempotency-Key, again and again. Counts of placed, refused and failed checkouts (and
-- failed cart calls) are printed at the end for the script's checks.
local threads = {}
local tokens = {}
local products = tonumber(os.getenv("BENCH_PRODUCTS") or "30")
for line in io.lines(os.getenv("BENCH_TOKENS")) do
  table.insert(tokens, line)
end

function setup(thread)
  thread:set("id", #threads + 1)
  thread:set("token", tokens[#threads + 1])
  table.insert(threads, thread)
end

function init(args)
  placed, refused, failed, cart_failed, step, counter = 0, 0, 0, 0, 0, 0
end

function request()
  -- One connection per thread, and wrk sends the next request only after the answer: the
  -- buyer's four calls go in order.
  step = step % 4 + 1
  if step == 1 then counter = counter + 1 end
  local n = id * 10000000 + counter
  local lines = { n % products + 1, (n + 7) % products + 1, (n + 13) % products + 1 }
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
  if step <= 3 then
    local units = step == 2 and 2 or 1
    return wrk.format("POST", "/api/cart/" .. lines[step], headers, string.format('{"quantity":%d}', units))
  end
  headers["Idempotency-Key"] = "bench-client-" .. n
  local body = string.format('{"address":"Farm road %d","city_id":%d,"type":"self"}', n, n % 27 + 1)
  return wrk.format("POST", "/api/orders/checkout", headers, body)
end

function response(status, headers, body)
  if step < 4 then
    if status ~= 200 then cart_failed = cart_failed + 1 end
  elseif status == 201 then placed = placed + 1
  elseif status == 422 then refused = refused + 1
  else failed = failed + 1 end
end

function done(summary, latency, requests)
  local p, r, f, c = 0, 0, 0, 0
  for _, thread in ipairs(threads) do
    p = p + thread:get("placed"); r = r + thread:get("refused"); f = f + thread:get("failed"); c = c + thread:get("cart_failed")
  end
  io.write(string.format("placed %d\nrefused %d\nfailed %d\ncart_failed %d\n", p, r, f, c))
end
