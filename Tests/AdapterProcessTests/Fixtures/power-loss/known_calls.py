"""Makes a known list of file calls under the directory given, for the recorder's own test."""
import fcntl, mmap, os, sys
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
fd = os.open(os.path.join(d, "s"), os.O_CREAT | os.O_WRONLY | os.O_DSYNC, 0o644)
os.write(fd, b"s1")
fcntl.fcntl(fd, fcntl.F_SETFL, os.O_NONBLOCK)  # Linux keeps O_DSYNC whatever F_SETFL asks
copy = os.dup(fd)  # fcntl(F_DUPFD_CLOEXEC) in CPython
os.write(copy, b"s2")
os.close(copy)
os.close(fd)
open(os.path.join(d, "..", "outside"), "w").write("x")
print("stdout untouched")
