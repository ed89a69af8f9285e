//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out[b*layers + s*layers + c]: the batch's stride lacks the factor spatial, so b + 1 at s = 0 writes the cell of b at s = 1.
// Channel-major to channel-minor layout change with the batch stride
// written as layers instead of layers * spatial.
__global__ void flattenPermuteRacy(int n, const float *in, int spatial, int layers, float *out)
{
    int i = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int s = i % spatial;
    int rest = i / spatial;
    int c = rest % layers;
    int b = rest / layers;
    out[b * layers + s * layers + c] = in[i];
}
