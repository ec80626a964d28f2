"""Serves a GGUF model over the OpenAI chat-completions API with llama.cpp's own server
(`llama-server`, from the xllamacpp wheel on PyPI), on 127.0.0.1, until it is killed.

usage: serve.py MODEL PORT [THREADS] [CONTEXT]
"""
import signal
import sys
import time

import xllamacpp as xlc

model, port = sys.argv[1], int(sys.argv[2])
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 2
context = int(sys.argv[4]) if len(sys.argv) > 4 else 4096

params = xlc.CommonParams()
params.model.path = model
params.model_alias = {"smollm2"}  # a set of names (a plain string would be taken letter by letter)
params.hostnames = ["127.0.0.1"]
params.port = port
params.n_ctx = context
params.cpuparams.n_threads = threads
params.cpuparams_batch.n_threads = threads
server = xlc.Server(params)
print(f"serving {model} on 127.0.0.1:{port} ({threads} threads, context {context})", flush=True)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
while True:
    time.sleep(3600)
