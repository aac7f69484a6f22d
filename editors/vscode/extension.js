// Starts `dunec lsp` (the language server of the dunec package, on stdio) for
// *.dune files. The command is the setting `dunec.command` (default `dunec`), so a
// virtual environment's dunec can be named without changing PATH.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("dunec").get("command") || "dunec";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient("dunec", "dunec language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "dune" }, { scheme: "untitled", language: "dune" }] });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
