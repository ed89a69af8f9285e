//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — v: thread t writes (&v[t].y)[1], which is v[t + 1].x, while thread t + 1 writes v[t + 1].x, with no barrier.
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
    py[1] = 0.0f; // BUG: one float past y is the next point's x
    __syncthreads();
    out[t] = v[t];
}
