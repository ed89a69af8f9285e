//pass
//--blockDim=256 --gridDim=16
// expect: drf — the view's operator[] returns its pointer member's element, so each thread writes its own cell of v.data.
// A struct parameter holding a pointer, indexed through its own operator[].
struct View {
    float *data;
    int n;
    __device__ float &operator[](int i) const { return data[i]; }
};

__global__ void scale_view(View v, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < v.n)
        v[i] = v[i] * a;
}
