//pass
//--blockDim=256 --gridDim=64
// expect: drf — dst is out or scratch depending on the uniform parameter toScratch; either way thread i writes dst[i] only, guarded by i < n.
// A destination chosen with ?: between two arrays.
__global__ void scaleInto(const float *in, float *out, float *scratch, bool toScratch, float a, int n)
{
    float *dst = toScratch ? scratch : out;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = a * in[i];
}
