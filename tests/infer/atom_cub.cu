// CUB block primitives (issue 16): a call on a TempStorage is an atomic
// update of it, the primitive's barrier and a read; BlockLoad/BlockStore
// access their tile in the blocked arrangement.
#include <cub/cub.cuh>

__global__ void cub_calls(const int *in, int *out, int *scan_out)
{
    typedef cub::BlockLoad<int, 64, 2, cub::BLOCK_LOAD_DIRECT> LoadT;
    typedef cub::BlockScan<int, 64> ScanT;
    typedef cub::BlockStore<int, 64, 2, cub::BLOCK_STORE_TRANSPOSE> StoreT;
    __shared__ typename ScanT::TempStorage scan_temp;
    __shared__ typename StoreT::TempStorage store_temp;
    __shared__ int shared_out[64];
    int items[2];
    LoadT().Load(in + blockIdx.x * 128, items);
    ScanT(scan_temp).ExclusiveSum(items[0], shared_out[threadIdx.x]);
    int total;
    ScanT scan(scan_temp);
    __syncthreads();
    scan.InclusiveSum(items[1], total);
    scan_out[blockIdx.x * 64 + threadIdx.x] = total;
    StoreT(store_temp).Store(out + blockIdx.x * 128, items);
}
