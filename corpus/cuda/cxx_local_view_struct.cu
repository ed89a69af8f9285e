//pass
//--blockDim=128 --gridDim=8
// expect: drf — each block builds a local row view of its own row (constructor and operator[] inlined on the local object), and each thread writes its own columns of it.
// A row view held in a local variable: its pointer member is followed
// through the constructor, a copy and operator[].
struct Row {
    float *data;
    int width;
    __device__ Row(float *base, int w) : data(base), width(w) {}
    __device__ float &operator[](int i) const { return data[i]; }
};

__global__ void scale_rows(float *m, int width, float f)
{
    Row row(m + blockIdx.x * width, width);
    Row same = row;
    for (int c = threadIdx.x; c < same.width; c += blockDim.x)
        same[c] = row[c] * f;
}
