//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — v_data: every thread writes v[0] through the view's operator[] (and reads v[i] of others).
// A struct parameter holding a pointer, all threads writing its first element.
struct View {
    float *data;
    int n;
    __device__ float &operator[](int i) const { return data[i]; }
};

__global__ void scale_view_racy(View v, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < v.n)
        v[0] = v[i] * a;
}
