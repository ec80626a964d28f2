"""Makes a known list of file calls under the directory given, for the recorder's own test."""
import os, sys, mmap
d = sys.argv[1]
fd = os.open(os.path.join(d, "a"), os.O_CREAT | os.O_WRONLY, 0o644)
os.write(fd, b"hello")
os.pwrite(fd, b"XY", 1)
os.writev(fd, [b"ab", b"cd"])
os.fsync(fd)
os.ftruncate(fd, 3)
os.fdatasync(fd)
os.close(fd)
os.mkdir(os.path.join(d, "sub"))
os.rename(os.path.join(d, "a"), os.path.join(d, "sub", "b"))
with open(os.path.join(d, "m"), "wb") as f:
    f.write(b"\0" * 10)
fd = os.open(os.path.join(d, "m"), os.O_RDWR)
m = mmap.mmap(fd, 10)
m[0:3] = b"abc"
m.flush()
m[3:5] = b"de"
m.close()
os.close(fd)
dfd = os.open(d, os.O_RDONLY)
os.fsync(dfd)
os.close(dfd)
os.unlink(os.path.join(d, "m"))
open(os.path.join(d, "..", "outside"), "w").write("x")
print("stdout untouched")
