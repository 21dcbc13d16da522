// The program each layer below runs is linked into whole (lib/CMakeLists.txt): it only has to link.
int main() { return 0; }
