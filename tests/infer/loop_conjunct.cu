// `i < 4 && a < n`: an exact loop over i whose body runs while the second
// test holds (it ends the loop like a break).  a keeps its closed form in
// the loop, and is unknown after it (the loop may end early).  A second
// test that threads may disagree on, in a loop with a barrier, is opaque.
__global__ void conjunct(unsigned *v, int *w, int n)
{
    __shared__ int s[256];
    unsigned a = threadIdx.x + blockIdx.x * blockDim.x * 4;
    for (int i = 0; i < 4 && a < n; i++) {
        v[a] += 1;
        a += blockDim.x;
    }
    v[a] = 0;
    for (int k = 0; k < 8 && w[k] != n; k++)
        w[k + 8] = k;
    for (int j = 0; j < 4 && threadIdx.x + j < n; j++) {
        s[threadIdx.x] = j;
        __syncthreads();
    }
}
