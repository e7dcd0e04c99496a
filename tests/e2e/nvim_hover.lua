-- `inductor-lens serve` in headless Neovim 0.7 (Debian 12): the same hover as in VS Code.
-- Run by tests/e2e/run.sh:
--   E2E_SERVE=<inductor-lens executable> E2E_WORKSPACE=<dir> E2E_EXPECTED=<expected.json> \
--     nvim --headless -u tests/e2e/nvim_hover.lua -i NONE -n
-- Starts the server with the same initializationOptions the VS Code client sends, asks it for
-- the kernels (inductorLens/kernels), opens the kernel's definition in the output code, hovers
-- the kernel name and checks that the hover names its model line. Neovim 0.7 has no
-- vim.lsp.start() yet, hence start_client + buf_attach_client.
local function out(s) io.stdout:write(s .. '\n') end
local function fail(why)
  out('RESULT: FAIL (' .. why .. ')')
  vim.cmd('cquit 1')
end

local ws = os.getenv('E2E_WORKSPACE')
local expected = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('E2E_EXPECTED')), '\n'))
local started = vim.loop.hrtime()
local function elapsed() return string.format('[%.1fs]', (vim.loop.hrtime() - started) / 1e9) end

local id = vim.lsp.start_client({
  name = 'inductor-lens',
  cmd = { os.getenv('E2E_SERVE'), 'serve' },
  root_dir = ws,
  workspace_folders = { { uri = vim.uri_from_fname(ws), name = 'ws' } },
  init_options = { traces = { ws .. '/torch_trace' }, pathMappings = { ['/workspace/proj'] = ws } },
})
if not id then return fail('start_client') end
local client = vim.lsp.get_client_by_id(id)
if not vim.wait(30000, function() return client.initialized == true end, 50) then
  return fail('server did not initialize')
end
out(elapsed() .. ' initialized')

-- The kernels, answered once the workspace's traces are indexed.
local scratch = vim.api.nvim_get_current_buf()
local response = client.request_sync('inductorLens/kernels', vim.empty_dict(), 120000, scratch)
if not response or response.err or type(response.result) ~= 'table' then
  return fail('inductorLens/kernels: ' .. vim.inspect(response))
end
local kernel
for _, k in ipairs(response.result) do
  if k.name == expected.kernel then kernel = k end
end
if not kernel or type(kernel.definition) ~= 'table' then return fail('no definition for ' .. expected.kernel) end
out(string.format('%s %d kernels; %s defined at %s:%d', elapsed(), #response.result, kernel.name,
  kernel.definition.path, kernel.definition.line))

vim.cmd('edit ' .. vim.fn.fnameescape(kernel.definition.path))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, id)
vim.api.nvim_win_set_cursor(0, { kernel.definition.line, 0 })
local line = vim.api.nvim_get_current_line()
if line:find(expected.kernel, 1, true) ~= 1 then return fail('definition line is: ' .. line) end

local text
for _ = 1, 20 do -- the first request may race the didOpen
  local results = vim.lsp.buf_request_sync(buf, 'textDocument/hover', vim.lsp.util.make_position_params(), 10000)
  for _, r in pairs(results or {}) do
    if r.result and r.result.contents then
      local c = r.result.contents
      text = type(c) == 'table' and (c.value or vim.inspect(c)) or tostring(c)
    end
  end
  if text then break end
  vim.wait(250)
end
out(elapsed() .. ' hover text:\n' .. tostring(text))
vim.lsp.stop_client(id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
if text and text:find(expected.hoverText, 1, true) then
  out('RESULT: PASS (hover on ' .. expected.kernel .. ' names ' .. expected.hoverText .. ')')
  out('neovim-e2e: 1 passed, 0 failed')
  vim.cmd('qall!')
else
  out('neovim-e2e: 0 passed, 1 failed')
  fail('hover does not contain ' .. expected.hoverText)
end
