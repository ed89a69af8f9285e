//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=[1,8]
// expect: racy — p.queue.row(r)[i] with i up to 2 * capacity reaches the next row: blocks r and r + 1 write the same cells of p_queue_data_.
// The nested view of cxx_struct_view_method.cu, written past its row.
template <typename T>
struct RowView {
    T *data_;
    int ncols_;
    __device__ T *row(int r) { return &data_[r * ncols_]; }
};

struct Params {
    RowView<int> queue;
    int capacity;
    int nrows;
};

__global__ void clear_rows(Params p)
{
    if (p.queue.ncols_ != p.capacity)
        return;
    for (int r = blockIdx.y; r < p.nrows; r += gridDim.y)
        for (int i = threadIdx.x; i < 2 * p.capacity; i += blockDim.x)
            p.queue.row(r)[i] = (int)threadIdx.x;
}
