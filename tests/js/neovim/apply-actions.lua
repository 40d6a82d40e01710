-- Drives Neovim's built-in LSP client headless against `upkeep lsp`: opens a managed
-- file, waits for the diagnostics, applies the code actions named in UPKEEP_ACTIONS (one
-- after another, each at the line of the first diagnostic of its kind), writes the buffer
-- and records what it saw in UPKEEP_RESULT (JSON). Works on Neovim 0.7 (Debian 12) and
-- later: vim.lsp.start where it exists, vim.lsp.start_client + buf_attach_client before.
local env = vim.env
local result = { diagnostics = {}, applied = {}, titles = {} }

local function finish(ok, err)
  result.ok = ok
  result.error = err
  local file = io.open(env.UPKEEP_RESULT, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd(ok and 'qa!' or 'cquit 1')
end

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(env.UPKEEP_FILE))
  local bufnr = vim.api.nvim_get_current_buf()
  local config = {
    name = 'upkeep',
    cmd = { env.UPKEEP_NODE, env.UPKEEP_CLI, 'lsp', '--stdio' },
    root_dir = env.UPKEEP_ROOT,
    init_options = vim.fn.json_decode(env.UPKEEP_INIT_OPTIONS),
    flags = { debounce_text_changes = 0 },
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  assert(client_id, 'the language client did not start')
  local client = vim.lsp.get_client_by_id(client_id)

  local function code_of(d)
    return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  end
  local function wait_diagnostics(test, what)
    local ok = vim.wait(20000, function() return test(vim.diagnostic.get(bufnr)) end, 20)
    assert(ok, 'timed out waiting for ' .. what)
    return vim.diagnostic.get(bufnr)
  end
  local seen = wait_diagnostics(function(ds) return #ds >= tonumber(env.UPKEEP_MIN_DIAGNOSTICS) end, 'the first diagnostics')
  for _, d in ipairs(seen) do
    table.insert(result.diagnostics, { line = d.lnum, end_line = d.end_lnum, severity = d.severity, code = code_of(d), message = d.message })
  end

  for spec in string.gmatch(env.UPKEEP_ACTIONS, '[^;]+') do
    local kind, title = spec:match('^([^=]+)=(.+)$')
    local target
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if code_of(d) == kind then target = d break end
    end
    assert(target, 'no diagnostic of kind ' .. kind)
    local params = {
      textDocument = vim.lsp.util.make_text_document_params(bufnr),
      range = { start = { line = target.lnum, character = 0 }, ['end'] = { line = target.lnum, character = 0 } },
      context = { diagnostics = {} },
    }
    local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000) or {}
    local chosen
    for _, response in pairs(responses) do
      for _, action in ipairs(response.result or {}) do
        table.insert(result.titles, action.title)
        if action.title == title then chosen = action end
      end
    end
    assert(chosen, 'no code action titled ' .. title)
    local before = vim.lsp.util.buf_versions[bufnr]
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
    assert(vim.lsp.util.buf_versions[bufnr] ~= before, 'the edit was not applied: ' .. title)
    table.insert(result.applied, title)
    -- The server has the edit once the diagnostic it fixed is gone.
    local lines = vim.api.nvim_buf_line_count(bufnr)
    wait_diagnostics(function(ds)
      for _, d in ipairs(ds) do
        if code_of(d) == kind and d.lnum == target.lnum then return false end
      end
      return true
    end, 'the diagnostics after ' .. title .. ' (' .. lines .. ' lines)')
  end
  vim.cmd('write')
  client.stop()
end

local ok, err = pcall(run)
finish(ok, err and tostring(err) or nil)
