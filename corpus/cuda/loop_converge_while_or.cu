//pass
//--blockDim=256 --gridDim=64
// expect: drf — `more` starts at 1 in every thread and is then only set from __syncthreads_or, so the block agrees on every test of the while loop.
// Jacobi-style smoothing inside a block until no value moves by more than tol.
__global__ void smoothUntilStable(int *v, int tol)
{
    __shared__ int cur[256];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    cur[t] = v[g];
    __syncthreads();
    int more = 1;
    while (more) {
        int left = cur[t > 0 ? t - 1 : t];
        int right = cur[t + 1 < blockDim.x ? t + 1 : t];
        int old = cur[t];
        int next = (left + 2 * old + right) / 4;
        __syncthreads();
        cur[t] = next;
        more = __syncthreads_or(abs(next - old) > tol);
    }
    v[g] = cur[t];
}
