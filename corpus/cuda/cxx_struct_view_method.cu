//pass
//--blockDim=128 --gridDim=[1,8]
// expect: drf — p.queue.row(r) is &data_[r * ncols_] of a view nested in a by-value parameter; row r is blockIdx.y's and ncols_ == capacity, so each thread writes its own cell.
// A matrix view (pointer and row length) held in a parameter struct, indexed
// through its method: the decoder-style lane matrices.
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
        for (int i = threadIdx.x; i < p.capacity; i += blockDim.x)
            p.queue.row(r)[i] = -1;
}
