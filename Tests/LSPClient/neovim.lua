-- Neovim's built-in LSP client, headless: `nvim --headless --clean -l neovim.lua CLOUDSCHEMA
-- FOLDER OUT`. Opens FOLDER/Plants.cloudschema and waits for its diagnostics; opens
-- FOLDER/Beds.cloudschema, asks hover and definition on the type of `status`, formats it and
-- renames `record Bed` to GardenBed, each applied as Neovim applies edits; writes what it saw
-- to OUT as JSON.
local binary, folder, out = arg[1], arg[2], arg[3]
local function open(name)
  vim.cmd.edit(folder .. "/" .. name)
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start({ name = "cloudschema", cmd = { binary, "lsp" }, root_dir = folder }, { bufnr = buf })
  return buf, vim.lsp.get_client_by_id(id)
end
local function text(buf) return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n" end

local plants, client = open("Plants.cloudschema")
vim.wait(20000, function() return #vim.diagnostic.get(plants) > 0 end, 10)
local seen = { encoding = client.offset_encoding }
seen.diagnostics = vim.tbl_map(function(d)
  return { d.code, d.lnum, d.col, d.end_lnum, d.end_col } -- 0-based lines, byte columns
end, vim.diagnostic.get(plants))

local beds = open("Beds.cloudschema")
local function ask(method, at, extra)
  local params = { textDocument = { uri = vim.uri_from_bufnr(beds) }, position = { line = at[1] - 1, character = at[2] - 1 } }
  local response = client:request_sync(method, vim.tbl_extend("force", params, extra or {}), 10000, beds)
  return response and (response.result or response.err)
end
local type = vim.fn.searchpos("status: \\zsStatus", "nw")
seen.hover = ask("textDocument/hover", type).contents.value
seen.definition = ask("textDocument/definition", type).range

vim.lsp.buf.format({ bufnr = beds, timeout_ms = 10000 })
seen.formatted = text(beds)

local edit = ask("textDocument/rename", vim.fn.searchpos("^record \\zsBed", "nw"), { newName = "GardenBed" })
vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
seen.renamed = { Beds = text(beds), Plants = text(plants) }

vim.fn.writefile({ vim.json.encode(seen) }, out)
client:stop()
vim.wait(5000, function() return client:is_stopped() end, 10)
