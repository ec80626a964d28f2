// An executable that is no adapter: it greets and exits without reading a request.
print("Hello!")
