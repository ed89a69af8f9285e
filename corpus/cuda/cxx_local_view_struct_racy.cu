//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — m: each thread writes the next column of its row view too, which the thread to its right (or the next round) writes as its own.
// As cxx_local_view_struct.cu, writing one column ahead as well.
struct Row {
    float *data;
    int width;
    __device__ Row(float *base, int w) : data(base), width(w) {}
    __device__ float &operator[](int i) const { return data[i]; }
};

__global__ void scale_rows_ahead(float *m, int width, float f)
{
    Row row(m + blockIdx.x * width, width);
    for (int c = threadIdx.x; c + 1 < row.width; c += blockDim.x) {
        row[c] = row[c] * f;
        row[c + 1] = 0.0f;
    }
}
