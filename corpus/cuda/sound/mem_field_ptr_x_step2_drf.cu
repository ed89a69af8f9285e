//pass
//--blockDim=64 --gridDim=1
// expect: drf — v: px[0] and px[1] are v[t].x and v[t].y, the thread's own point.
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
    __syncthreads();
    out[t] = v[t];
}
