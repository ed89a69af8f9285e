// expect: racy — the header's second part runs after its first (`i++, s[threadIdx.x + i] = 2`), so it writes s[tid + 1], the cell thread tid + 1 wrote before the loop in the same barrier interval (read in the old order it would be the thread's own s[tid]).
__global__ void k(int *out)
{
    __shared__ int s[257];
    s[threadIdx.x] = 1;
    for (int i = 0; i < 1; i++, s[threadIdx.x + i] = 2) {
        out[blockIdx.x * blockDim.x + threadIdx.x] = i;
    }
}
