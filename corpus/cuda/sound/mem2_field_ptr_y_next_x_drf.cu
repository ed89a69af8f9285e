//pass
//--blockDim=64 --gridDim=1
// expect: drf — v: (&v[t].y)[0] is the thread's own v[t].y, other bytes than the v[t].x it writes.
// Points as {x, y}; each thread clears one coordinate through a pointer to y.
struct Pt {
    float x, y;
};

__global__ void clearPoints(const float *in, Pt *out)
{
    __shared__ Pt v[65];
    int t = threadIdx.x;
    v[t].x = in[t];
    float *py = &v[t].y;
    py[0] = 0.0f;
    __syncthreads();
    out[t] = v[t];
}
