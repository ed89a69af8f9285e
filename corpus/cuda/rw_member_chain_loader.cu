//pass
//--blockDim=64 --gridDim=16
// expect: drf — column.loader.load(in, x, n) only reads in[x]; each thread writes its own tile[threadIdx.x] and out[x], and the barrier separates the tile's writes from the mirrored reads.
// A column object holds a pixel loader, both class templates on whether
// the loads are checked, as wavelet-transform codes write them.  The
// kernel template is compiled elsewhere, so its pattern is what is
// checked: there the call column.loader.load(...) is left dependent on
// CHECKED, and the loader's class is found through the column's field.
template <bool CHECKED>
struct Loader {
    __device__ float load(const float *in, int x, int n)
    {
        return !CHECKED || x < n ? in[x] : 0.0f;
    }
};

template <bool CHECKED>
struct Column {
    Loader<CHECKED> loader;
};

template <bool CHECKED>
__global__ void mirrorColumns(const float *in, float *out, int n)
{
    __shared__ float tile[64];
    Column<CHECKED> column;
    int x = blockIdx.x * 64 + threadIdx.x;
    tile[threadIdx.x] = column.loader.load(in, x, n);
    __syncthreads();
    if (!CHECKED || x < n)
        out[x] = tile[63 - threadIdx.x];
}
