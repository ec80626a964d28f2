"""A fault-injecting OpenAI-compatible server for the executor's mapping tests.

POST /<case>/v1/chat/completions answers with the case's status, headers and body, as the real
servers do (see ../shared/background/model-servers.md); `ok` answers in the shape the request's schema
asks for, `slow` does so after 30 s, `reset` closes the connection without answering, `echo`
answers a chat completion whose content is the request body, `echo_translations` one whose one
translation is; `numbered` answers a translation
request with its numbered texts unchanged, `drops_last` without the last one.
`every_<case>` answers every chat call as `<case>` does, after a preflight that passes;
`tokenizer_resets` answers as `ok` does, but closes the connection on `/tokenize`;
`context_over_<N>` answers as `ok` does, but with OpenAI's 400 `context_length_exceeded` when
the request counts over N tokens, at one token per three characters of its messages plus its
`max_tokens` (denser than the kit's estimate, as real tokenizers often are).
GET /<case>/v1/models (the preflight) answers a model list `m` for `ok`, `slow`, `echo`,
`echo_translations`, `numbered`, `drops_last`, `every_…` and `context_over_…`, and the case's own
answer otherwise.
Prints the port on its first line; exits when its standard input closes.

usage: python3 fault_server.py
"""
import http.server
import json
import socket
import socketserver
import sys
import threading
import time

def chat(content, finish="stop", refusal=None):
    message = {"role": "assistant", "content": content}
    if refusal is not None:
        message["refusal"] = refusal
    return {"id": "x", "object": "chat.completion", "model": "m",
            "choices": [{"index": 0, "finish_reason": finish, "message": message}]}

def error(message, type_=None, code=None):
    body = {"message": message}
    if type_ is not None:
        body["type"] = type_
    if code is not None:
        body["code"] = code
    return {"error": body}

JSON = {"Content-Type": "application/json"}
HTML = {"Content-Type": "text/html"}

CASES = {
    "model_not_found": (404, JSON, error("The model `gpt-x` does not exist", "invalid_request_error", "model_not_found")),
    "ollama_not_pulled": (404, JSON, error('model "llama9" not found, try pulling it first', "not_found_error")),
    "ollama_not_pulled_string": (404, JSON, {"error": 'model "llama9" not found, try pulling it first'}),
    "llamacpp_router_model": (400, JSON, error("model not found", "invalid_request_error", 400)),
    "rate_limited": (429, dict(JSON, **{"Retry-After": "20"}), error("Rate limit reached", "requests", "rate_limit_exceeded")),
    "loading_model": (503, JSON, error("Loading model", "unavailable_error", 503)),
    "ollama_busy": (503, JSON, {"error": "server busy, please try again.  maximum pending requests exceeded"}),
    "server_error": (500, JSON, error("boom", "server_error", 500)),
    # llama-cpp-python 0.3.36 sent the json_schema dialect (seen on this machine).
    "llamacpppython_dialect": (500, JSON, {"error": {"message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"llama_cpp/server/app.py\", line 376, in create_chat_completion\n    POST /v1/chat/completions", "type": "internal_server_error", "param": None, "code": None}}),
    "proxy_502": (502, HTML, "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"),
    "proxy_504": (504, HTML, "<html><head><title>504 Gateway Time-out</title></head><body>nginx</body></html>"),
    "insufficient_quota": (429, JSON, error("You exceeded your current quota", "insufficient_quota", "insufficient_quota")),
    "unauthorized": (401, JSON, error("Incorrect API key provided", "invalid_request_error", "invalid_api_key")),
    "forbidden": (403, JSON, error("Country, region, or territory not supported", "invalid_request_error", "unsupported_country_region_territory")),
    "invalid_request": (400, JSON, error("Invalid schema for response_format", "invalid_request_error")),
    "bad_grammar": (400, JSON, error("Failed to parse grammar", "invalid_request_error", 400)),
    "not_supported": (501, JSON, error("This server does not support this feature", "not_supported_error", 501)),
    "web_ui": (200, HTML, "<!doctype html><html><body>llama.cpp web UI</body></html>"),
    "context_length_exceeded": (400, JSON, error("This model's context is full", "invalid_request_error", "context_length_exceeded")),
    "exceed_context_size": (400, JSON, dict(error("the request exceeds the available context size", "exceed_context_size_error", 400), n_prompt_tokens=9000, n_ctx=4096)),
    "vllm_context": (400, JSON, {"object": "error", "message": "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.", "type": "BadRequestError", "code": 400}),
    "content_filter": (200, JSON, chat("", finish="content_filter")),
    # A small model repeating itself until the budget runs out: half an object.
    "cut_at_length": (200, JSON, chat('{\n"points": [\n  "one",\n  "one",\n  "o', finish="length")),
    "refusal": (200, JSON, chat(None, refusal="I can't help with that.")),
    # Azure OpenAI's answer to a prompt its content filter stops.
    "azure_content_filter": (400, JSON, {"error": {"message": "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.", "type": None, "param": "prompt", "code": "content_filter", "status": 400}}),
    "wrong_path": (404, JSON, {"detail": "Not Found"}),
    "no_choices": (200, JSON, {"object": "list", "data": []}),
}

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        case = self.path.strip("/").split("/")[0]
        if case == "reset":
            self.close_connection = True
            self.request.shutdown(socket.SHUT_RDWR)
            return
        if (case in ("ok", "slow", "echo", "echo_translations", "numbered", "drops_last")
                or case.startswith("every_") or case.startswith("context_over_")
                or case == "tokenizer_resets"):
            self.answer(200, JSON, {"object": "list", "data": [{"id": "m", "object": "model"}]})
        else:
            self.answer(*CASES.get(case, CASES["wrong_path"]))

    def answer(self, status, headers, body):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = self.rfile.read(length)
        case = self.path.strip("/").split("/")[0]
        if case == "slow":
            time.sleep(30)
            case = "ok"
        if case.startswith("every_"):
            case = case[len("every_"):]
        if case.startswith("context_over_") and self.path.endswith("/chat/completions"):
            limit = int(case[len("context_over_"):])
            sent = json.loads(request)
            tokens = (sum(len(m.get("content") or "") for m in sent["messages"]) + 2) // 3 + sent.get("max_tokens", 0)
            if tokens > limit:
                message = f"This model's maximum context length is {limit} tokens. However, your messages resulted in {tokens} tokens. Please reduce the length of the messages."
                self.answer(400, JSON, error(message, "invalid_request_error", "context_length_exceeded"))
                return
            case = "ok"
        if case == "tokenizer_resets":
            case = "reset" if self.path.endswith("/tokenize") else "ok"
        if case == "reset":
            # As a server killed mid-call: the connection ends, no answer.
            self.close_connection = True
            self.request.shutdown(socket.SHUT_RDWR)
            return
        if case == "echo":
            status, headers, body = 200, JSON, chat(request.decode())
        elif case == "echo_translations":
            # A "translator" whose one translation is the request body, as it came.
            status, headers, body = 200, JSON, chat(json.dumps({"translations": [request.decode()]}))
        elif case in ("numbered", "drops_last"):
            # A "translator" that answers each numbered text unchanged (or drops the last).
            sent = json.loads(request)
            user = [m for m in sent["messages"] if m["role"] == "user"][0]["content"]
            texts = [line.split(". ", 1)[1] if ". " in line else "" for line in user.split("\n")]
            if case == "drops_last":
                texts = texts[:-1]
            status, headers, body = 200, JSON, chat(json.dumps({"translations": texts}))
        elif case == "ok":
            # The shape the request's schema asks for, in either dialect.
            sent = json.loads(request or b"{}").get("response_format", {})
            schema = sent.get("json_schema", {}).get("schema") or sent.get("schema") or {}
            content = ('{"title": "A", "points": ["one"]}' if "points" in schema.get("required", [])
                       else '{"title": "A"}')
            status, headers, body = 200, JSON, chat(content)
        else:
            status, headers, body = CASES.get(case, CASES["wrong_path"])
        self.answer(status, headers, body)

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
