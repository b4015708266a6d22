// Starts `cloudschema lsp` (the `cloudschema.path` setting) for .cloudschema and .ckdb files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("cloudschema").get("path", "cloudschema");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient("cloudschema", "CloudSchema", { run: server, debug: server }, {
    documentSelector: [
      { scheme: "file", language: "cloudschema" },
      { scheme: "file", language: "ckdb" },
    ],
  });
  client.start();
  context.subscriptions.push(client);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
