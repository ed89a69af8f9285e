//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — q.p[1]: every thread writes q.p[1][0].
// Outputs handed over as an array of pointers in a struct.
struct Outs {
    float *p[4];
};

__global__ void scatter(Outs q, const float *in)
{
    int t = threadIdx.x;
    q.p[1][0] = in[t]; // BUG: every thread, one cell
}
