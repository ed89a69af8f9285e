//pass
//--blockDim=256 --gridDim=32
// expect: drf — thread i (its global index) reads data.row_ids[i] and data.values at that row, and writes only out[i], guarded by i < data.n_rows.
// Gathering the rows a tree node owns, with the dataset passed by value as
// a struct of pointers whose types are template parameters, as machine
// learning libraries write it.  The kernel template is compiled
// elsewhere: its pattern is checked, where the struct's type is dependent
// and its fields are read from the class template.
template <typename DataT, typename IdxT>
struct Dataset {
    const DataT *values;
    const IdxT *row_ids;
    IdxT n_rows;
};

template <typename DataT, typename IdxT>
__global__ void gatherRows(Dataset<DataT, IdxT> data, DataT *out)
{
    IdxT i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < data.n_rows)
        out[i] = data.values[data.row_ids[i]];
}
