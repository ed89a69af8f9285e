// expect: racy — the second call passes stride 16 while the block has up to 64 threads (tile's bounds): thread 16 of block 0 writes b[16], as thread 0 of block 1 does.
__device__ void store_row(int *row, int stride)
{
    row[blockIdx.x * stride + threadIdx.x] = threadIdx.x;
}

__global__ void two_rows(int *a, int *b)
{
    __shared__ int tile[64];
    tile[threadIdx.x] = threadIdx.x;
    store_row(a, 64);
    store_row(b, 16);
}
