#!/usr/bin/env python3
"""A document page provider served over the kit's adapter protocol (JSON-RPC 2.0, one JSON
object per line on stdin and stdout; see ../protocol.md). Plain Python 3, no dependencies.

It keeps the documents it is given in memory: `loadFixture` stores one and answers its ID;
`pageCount` is the original count capped, `originalPageCount` the real one, and `page` answers
the page at a 0-based index with its 1-based original page number.

  contract-kit conformance run --suite document --adapter-command "python3 Conformance/examples/document.py"
"""
import json
import sys

documents = {}


def document(attachment_id):
    if attachment_id not in documents:
        raise KeyError("no attachment " + json.dumps(attachment_id))
    return documents[attachment_id]


def handle(method, params):
    if method == "loadFixture":
        attachment_id = "doc-%d" % (len(documents) + 1)
        documents[attachment_id] = (params["pages"], params.get("pageCap"))
        return {"attachmentID": attachment_id}
    if method in ("pageCount", "originalPageCount", "page"):
        pages, cap = document(params["attachmentID"])
        count = len(pages) if cap is None else min(cap, len(pages))
        if method == "pageCount":
            return count
        if method == "originalPageCount":
            return len(pages)
        index = params["index"]
        if not 0 <= index < count:
            raise IndexError("page index %d is out of range 0..<%d" % (index, count))
        return {"index": index, "pageNumber": index + 1, "text": pages[index]}
    raise LookupError("this provider does not serve " + method)


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            response = {"jsonrpc": "2.0", "id": request["id"], "result": handle(request["method"], request.get("params", {}))}
        except LookupError as error:
            code = -32601 if str(error).startswith("this provider") else -32000
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": code, "message": str(error)}}
        except Exception as error:
            response = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32000, "message": type(error).__name__ + ": " + str(error)}}
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
