//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — M: thread r clears 9 ints from M[r][0], writing M[r + 1][0], while thread r + 1 writes M[r + 1][0], with no barrier.
// Thread r (r < 8) clears row r and stores its row header.
#define W 8
__global__ void clearRows(int *out)
{
    __shared__ int M[9][W];
    int r = threadIdx.x;
    if (r < 8) {
        memset(M[r], 0, (W + 1) * sizeof(int)); // BUG: one int too many
        M[r][0] = r;
    }
    __syncthreads();
    out[threadIdx.x] = M[threadIdx.x / W][threadIdx.x % W];
}
