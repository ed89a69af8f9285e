// A local declared without a value, set from memory on one path of an if
// and used after a barrier: an unknown declared after the if (issue 15,
// item 6; `check` exited 2 on it).
__global__ void k(const int *keys, int *out)
{
    __shared__ int s[64];
    int v;
    if (threadIdx.x < 32)
        v = keys[threadIdx.x];
    s[threadIdx.x] = 0;
    __syncthreads();
    if (v > 0)
        s[v & 63] = 1;
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}
