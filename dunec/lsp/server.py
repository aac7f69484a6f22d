"""The LSP features on pygls, each a thin mapping of a dunec function."""
from __future__ import annotations

from lsprotocol import types as L
from pygls.server import LanguageServer

from dunec.check.diagnostics import Diagnostics
from dunec.fmt import FormatBug, format_source
from dunec.lsp.analysis import check, path_uri, uri_path, vocabulary
from dunec.lsp.complete import candidates
from dunec.lsp.protocol import Protocol
from dunec.lsp.text import Doc
from dunec.show import declared_names, show_declaration, show_definition, titles_of

server = LanguageServer("dunec", "0.1.0", protocol_cls=Protocol)
# The last model of each open document (kept while an edit does not parse).
_models: dict[str, dict] = {}
# The words each document's sets declare (show.titles_of), for hovers.
_titles: dict[str, dict] = {}
# The names each document's sets declare (tracks, markets, tokens, counters, unit kinds), for hovers.
_decls: dict[str, dict] = {}

_KINDS = {"effect": L.CompletionItemKind.Function, "keyword": L.CompletionItemKind.Keyword,
          "condition": L.CompletionItemKind.Function, "field": L.CompletionItemKind.Property,
          "definition kind": L.CompletionItemKind.Class, "word": L.CompletionItemKind.Keyword}


def _range(doc: Doc, span) -> L.Range:
    if span is None:
        return L.Range(L.Position(0, 0), L.Position(0, 0))
    sl, sc = doc.to_lsp(span.line, span.col)
    el, ec = doc.to_lsp(span.end_line, max(span.end_col, span.col + (span.end_line == span.line)))
    return L.Range(L.Position(sl, sc), L.Position(el, ec))


def _diagnostic(uri: str, doc: Doc, d, texts: dict) -> L.Diagnostic:
    severity = L.DiagnosticSeverity.Warning if d.severity == "warning" else L.DiagnosticSeverity.Error
    message = d.message + (f"\n{d.label}" if d.label else "") + (f"\nhelp: {d.help}" if d.help else "")
    # A note that points somewhere (the first definition of a duplicated id, often in
    # a bundled file) becomes a link; one without a place stays in the message.
    related = [L.DiagnosticRelatedInformation(
        L.Location(uri if s.file == d.span.file else path_uri(s.file), _range(Doc(texts.get(s.file, "")), s)), m)
        for m, s in d.notes if s is not None and d.span is not None]
    message += "".join(f"\nnote: {m}" for m, s in d.notes if s is None or d.span is None)
    return L.Diagnostic(range=_range(doc, d.span), message=message, severity=severity, code=d.code,
                        source="dunec", related_information=related or None,
                        data={"replacement": d.fix.replacement} if d.fix else None)


def _open(ls: LanguageServer, uri: str):
    """The text of an open document, or None: the server answers only about the
    documents the editor opened (pygls would read any other from disk, or fail)."""
    doc = ls.workspace.text_documents.get(uri)
    return None if doc is None else doc.source


def _publish(ls: LanguageServer, uri: str) -> None:
    text = _open(ls, uri)
    if text is None:  # a change to a document never opened
        return
    path, doc = uri_path(uri), Doc(text)
    model, diags = check(path, text)
    if any(d.file == path for d in model.defs.values()) or uri not in _models:
        _models[uri], _titles[uri], _decls[uri] = model.defs, titles_of(model), declared_names(model)
    mine = [d for d in diags.sorted() if d.span is None or d.span.file == path]
    ls.publish_diagnostics(uri, [_diagnostic(uri, doc, d, model.files) for d in mine])


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: L.DidOpenTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: L.DidChangeTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: L.DidCloseTextDocumentParams) -> None:
    _models.pop(params.text_document.uri, None)
    _titles.pop(params.text_document.uri, None)
    ls.publish_diagnostics(params.text_document.uri, [])


def _at(ls: LanguageServer, params):
    """(the document, the definition named under the cursor or None)."""
    uri = params.text_document.uri
    text = _open(ls, uri)
    if text is None:
        return None, None
    doc = Doc(text)
    word = doc.word_at(params.position.line, params.position.character)
    return doc, _models.get(uri, {}).get(word) if word else None


@server.feature(L.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: L.HoverParams):
    doc, d = _at(ls, params)
    uri = params.text_document.uri
    if d is not None:
        text = show_definition(d, _titles.get(uri))
    else:  # a name a set declares (`advance research 1`): its declaration
        word = doc.word_at(params.position.line, params.position.character) if doc is not None else None
        decl = _decls.get(uri, {}).get(word) if word else None
        if decl is None:
            return None
        text = show_declaration(decl, _titles.get(uri), _models.get(uri))
    return L.Hover(contents=L.MarkupContent(kind=L.MarkupKind.Markdown, value=f"```text\n{text}\n```"))


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
def definition(ls: LanguageServer, params: L.DefinitionParams):
    _, d = _at(ls, params)
    if d is None:
        return None
    uri = params.text_document.uri if d.file == uri_path(params.text_document.uri) else path_uri(d.file)
    try:
        target = Doc(ls.workspace.get_text_document(uri).source)
    except OSError:
        return None
    return L.Location(uri=uri, range=_range(target, d.span))


@server.feature(L.TEXT_DOCUMENT_COMPLETION, L.CompletionOptions(trigger_characters=[" "]))
def completion(ls: LanguageServer, params: L.CompletionParams):
    uri = params.text_document.uri
    text = _open(ls, uri)
    if text is None:
        return L.CompletionList(is_incomplete=False, items=[])
    doc = Doc(text)
    before = doc.before(params.position.line, params.position.character)
    items = [L.CompletionItem(label=name, detail=what, kind=_KINDS.get(what, L.CompletionItemKind.Value))
             for name, what in candidates(before, vocabulary(), _models.get(uri, {}))]
    return L.CompletionList(is_incomplete=False, items=items)


@server.feature(L.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: LanguageServer, params: L.DocumentFormattingParams):
    uri = params.text_document.uri
    text = _open(ls, uri)
    if text is None:
        return None
    try:
        out = format_source(uri_path(uri), text, Diagnostics())
    except FormatBug as e:
        ls.show_message_log(f"dunec fmt: {e}")
        return None
    if out is None or out == text:
        return [] if out is not None else None
    doc = Doc(text)
    last = len(doc.lines) - 1
    end = L.Position(last + 1, 0)  # past the last line: the whole text, whatever its last line holds
    return [L.TextEdit(range=L.Range(L.Position(0, 0), end), new_text=out)]


@server.feature(L.TEXT_DOCUMENT_CODE_ACTION,
                L.CodeActionOptions(code_action_kinds=[L.CodeActionKind.QuickFix]))
def code_action(ls: LanguageServer, params: L.CodeActionParams):
    uri, actions = params.text_document.uri, []
    for d in params.context.diagnostics:
        fix = d.data if isinstance(d.data, dict) else None
        if not fix or not isinstance(fix.get("replacement"), str):  # ours always is; a client may send anything
            continue
        edit = L.WorkspaceEdit(changes={uri: [L.TextEdit(range=d.range, new_text=fix["replacement"])]})
        actions.append(L.CodeAction(title=f"Replace with `{fix['replacement']}`", kind=L.CodeActionKind.QuickFix,
                                    diagnostics=[d], edit=edit, is_preferred=True))
    return actions


def serve() -> None:
    """Serve on stdio, reading frames with dunec's reader (framing.py) in place of
    pygls's, which stalls on a frame with no usable length."""
    import sys
    from threading import Event

    from pygls.server import StdOutTransportAdapter

    from dunec.lsp.framing import read_messages

    server._stop_event = Event()
    server.lsp.connection_made(StdOutTransportAdapter(sys.stdin.buffer, sys.stdout.buffer))
    try:
        server.loop.run_until_complete(read_messages(server.loop, server.thread_pool_executor, server._stop_event,
                                                     sys.stdin.buffer, server.lsp.data_received))
    except BrokenPipeError:
        pass  # the editor is gone: nothing to answer
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
