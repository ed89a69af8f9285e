//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the address advances by 1 instead of blockDim.x, so thread t in its second step updates v[b * 1024 + t + 1], the cell thread t + 1 updates in its first.
// A loop whose test is a bound on its counter and a second condition on a
// value it carries (`i < 4 && a < n`): the counter stays exact, the carried
// address its closed form, and the second test ends the loop like a break.
__global__ void addUniform4(unsigned *v, const unsigned *u, int n)
{
    __shared__ unsigned uni;
    if (threadIdx.x == 0)
        uni = u[blockIdx.x];
    unsigned a = threadIdx.x + blockIdx.x * blockDim.x * 4;
    __syncthreads();
    for (int i = 0; i < 4 && a < n; i++) {
        v[a] += uni;
        a += 1;
    }
}
