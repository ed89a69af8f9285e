//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — v: thread t writes (&v[t].x)[2], which is v[t + 1].x, while thread t + 1 writes v[t + 1].x, with no barrier.
// Points as {x, y}; each thread writes its point through a pointer to x.
struct Pt {
    float x, y;
};

__global__ void writePoints(const float *in, Pt *out)
{
    __shared__ Pt v[65];
    int t = threadIdx.x;
    float *px = &v[t].x;
    px[0] = in[2 * t];
    px[1] = in[2 * t + 1];
    px[2] = 0.0f; // BUG: two floats past x is v[t + 1].x
    __syncthreads();
    out[t] = v[t];
}
