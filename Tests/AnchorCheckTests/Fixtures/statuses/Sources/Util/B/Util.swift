struct Util {}
