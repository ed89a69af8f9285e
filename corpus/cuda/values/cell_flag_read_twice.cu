//pass
//--blockDim=256 --gridDim=64
// expect: drf — no thread writes mode[0], so both reads return one value in every thread: either every thread scales its own data[i] and nobody reads a partner, or nobody writes data.
// Either doubles each element in place or, when mode[0] is 0, sums each element with its pair partner.
__global__ void scaleOrPair(const int *mode, float *data, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (mode[0])
        data[i] = 2.0f * data[i];
    float x = data[i];
    if (!mode[0])
        x += data[i ^ 1];
    out[i] = x;
}
