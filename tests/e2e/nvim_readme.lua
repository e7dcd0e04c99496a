-- docs/editors.md's "Neovim" configuration (it was the README's; the file keeps its name), run as written, in headless Neovim 0.7.
-- Run by tests/e2e/run.sh from the workspace folder (which holds torch_trace/ and models.py):
--   E2E_README_INIT=<docs/editors.md's lua block> nvim --headless -u tests/e2e/nvim_readme.lua -i NONE -n
-- `inductor-lens` must be on PATH (the configuration's `cmd`). Opens models.py, which makes the configuration's
-- autocmd start the server and attach it; then checks the code lens on `y = self.fc2(y)`.
local function out(s) io.stdout:write(s .. '\n') end
local function fail(why)
  out('RESULT: FAIL (' .. why .. ')')
  out('neovim-readme-e2e: 0 passed, 1 failed')
  vim.cmd('cquit 1')
end

dofile(os.getenv('E2E_README_INIT'))
vim.cmd('edit models.py')
local buf = vim.api.nvim_get_current_buf()
local client
vim.wait(30000, function()
  client = vim.lsp.get_active_clients()[1]
  return client ~= nil and client.initialized == true
end, 50)
if not client then return fail('the docs/editors.md configuration started no server') end
out('client: ' .. client.name)

local function lens_title(line)
  for _ = 1, 120 do -- the first answers precede the end of indexing
    local lenses = client.request_sync('textDocument/codeLens', { textDocument = vim.lsp.util.make_text_document_params() }, 10000, buf)
    for _, lens in ipairs(lenses and lenses.result or {}) do
      if lens.range.start.line == line - 1 then
        local resolved = client.request_sync('codeLens/resolve', lens, 10000, buf)
        local title = resolved and resolved.result and resolved.result.command and resolved.result.command.title
        if title then return title end
      end
    end
    vim.wait(250)
  end
end

local line = vim.fn.search('^\\s*y = self.fc2(y)$')
if line == 0 then return fail('no `y = self.fc2(y)` line in models.py') end
local title = lens_title(line)
out('lens on models.py:' .. line .. ': ' .. tostring(title))
-- the script's own call of the compiled model gets a lens too (what it calls, forward and backward)
local call = vim.fn.search('^\\s*out = cm(x)$')
local call_title = call > 0 and lens_title(call) or nil
out('lens on models.py:' .. call .. ': ' .. tostring(call_title))
vim.lsp.stop_client(client.id)
if not (call_title and call_title:find('^calls compile 0/0: 4 kernels')) then
  fail('no lens on the call of the compiled model (out = cm(x))')
elseif title and title:find('extern_kernels.mm:3', 1, true) and title:find('triton_poi_fused_add_addmm_relu_1:4', 1, true) then
  out('RESULT: PASS (the docs/editors.md configuration shows the kernels of models.py:' .. line .. ' and the call on line ' .. call .. ')')
  out('neovim-readme-e2e: 1 passed, 0 failed')
  vim.cmd('qall!')
else
  fail('lens does not name the kernels')
end
