// Runs kernel `num` on an M x N problem.
void run_kernel(int num, int M, int N, float *C);
