//pass
//--blockDim=64 --gridDim=1
// expect: drf — M: thread r clears and writes its own row only; the reads follow the barrier.
// Thread r (r < 8) clears row r and stores its row header.
#define W 8
__global__ void clearRows(int *out)
{
    __shared__ int M[9][W];
    int r = threadIdx.x;
    if (r < 8) {
        memset(M[r], 0, W * sizeof(int));
        M[r][0] = r;
    }
    __syncthreads();
    out[threadIdx.x] = M[threadIdx.x / W][threadIdx.x % W];
}
