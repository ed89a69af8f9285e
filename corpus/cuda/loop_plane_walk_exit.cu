//pass
//--blockDim=[64,4] --gridDim=[4,8]
// expect: drf — `c += plane` in every iteration makes c, after the loop over k < nz - 1, the thread's column plus plane * (1 + max(0, nz - 2)): the last plane's write is the thread's own column of the plane after the loop's, whatever nz is.
// A 7-point stencil's sweep through z (Rodinia hotspot3D style): the
// first plane, the inner planes in the loop, the last plane after it.
__global__ void sweepPlanes(const float *in, float *out, int nx, int plane, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j * nx + i >= plane)
        return;
    int c = j * nx + i;
    out[c] = in[c] + in[c + plane];
    c += plane;
    for (int k = 1; k < nz - 1; k++) {
        out[c] = in[c - plane] + in[c] + in[c + plane];
        c += plane;
    }
    out[c] = in[c - plane] + in[c];
}
