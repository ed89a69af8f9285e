//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the inner loop (under `#pragma nounroll`) writes row[threadIdx.x + j] for j = 0, 1, so thread t's write of cell t + 1 meets thread t + 1's write of the same cell.
// Two pragmas, on an outer and an inner loop.
__global__ void rows(int *out, int n)
{
    __shared__ int row[64 + 2];
#pragma unroll
    for (int r = 0; r < 2; r++) {
#pragma nounroll
        for (int j = 0; j < 2; j++)
            row[threadIdx.x + j] = r + j; // t (j = 1) and t + 1 (j = 0) write different values
        __syncthreads();
    }
    out[threadIdx.x] = row[threadIdx.x] + n;
}
