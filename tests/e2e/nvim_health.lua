-- Compile health in headless Neovim 0.7: the graph-break warnings of health.py arrive through
-- textDocument/publishDiagnostics like any other diagnostics. Run by tests/e2e/run.sh:
--   E2E_SERVE=<inductor-lens executable> E2E_WORKSPACE=<dir> E2E_EXPECTED=<expected-health.json> \
--     nvim --headless -u tests/e2e/nvim_health.lua -i NONE -n
-- The workspace holds torch_trace/ (the graph_breaks and recompiles_health logs) and health.py.
local function out(s) io.stdout:write(s .. '\n') end
local function fail(why)
  out('RESULT: FAIL (' .. why .. ')')
  out('neovim-health-e2e: 0 passed, 1 failed')
  vim.cmd('cquit 1')
end

local ws = os.getenv('E2E_WORKSPACE')
local expected = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('E2E_EXPECTED')), '\n'))
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
-- wait for the index, then open the model file: didOpen makes the server publish its diagnostics
local scratch = vim.api.nvim_get_current_buf()
client.request_sync('inductorLens/reindex', vim.empty_dict(), 120000, scratch)
vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/' .. expected.modelFile))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, id)

local breaks = {}
vim.wait(60000, function()
  breaks = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('Graph break in', 1, true) == 1 then table.insert(breaks, d) end
  end
  return #breaks >= #expected.breakLines
end, 100)
table.sort(breaks, function(a, b) return a.lnum < b.lnum end)
local lines, ok = {}, #breaks == #expected.breakLines
for i, d in ipairs(breaks) do
  table.insert(lines, d.lnum + 1)
  out(string.format('%s:%d [%s] %s', expected.modelFile, d.lnum + 1,
    d.severity == vim.diagnostic.severity.WARN and 'warning' or tostring(d.severity), d.message:gsub('\n', ' | ')))
  ok = ok and d.lnum + 1 == expected.breakLines[i] and d.severity == vim.diagnostic.severity.WARN
    and d.message:find(expected.breakMessages[i], 1, true) ~= nil
end
local hint = false
for _, d in ipairs(breaks) do
  if d.lnum + 1 == expected.hoverLine and d.message:find(expected.hoverHint, 1, true) then hint = true end
end
out('all diagnostics of ' .. expected.modelFile .. ': ' .. #vim.diagnostic.get(buf))
vim.lsp.stop_client(id)
if ok and hint then
  out('RESULT: PASS (graph-break warnings on lines ' .. table.concat(lines, ', ') .. ', with PyTorch\'s hint)')
  out('neovim-health-e2e: 1 passed, 0 failed')
  vim.cmd('qall!')
else
  fail('graph-break warnings on lines ' .. table.concat(lines, ', ') .. ', expected ' .. table.concat(expected.breakLines, ', '))
end
