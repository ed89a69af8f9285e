//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — pts: thread i writes pts[i].x and thread i-1 writes pts[i].x too (pts[i-1+1]), two writes to one component of one float4 element.
// Packs a coordinate into its own element and, wrongly, a weight into the
// next element's x component: a component access is an access to that
// component of the element.
__global__ void packWeights(float4 *pts, const float *xs, const float *ws, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        pts[i].x = xs[i];
        pts[i + 1].x = ws[i]; // BUG: should be pts[i].w
    }
}
