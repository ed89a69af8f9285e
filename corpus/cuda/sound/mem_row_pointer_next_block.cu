//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — img: thread t of block b reads img[b + 1][t] through the flat pointer while block b + 1 writes img[b + 1][t].
// Each block writes its row and reads the row below it, flat.
__global__ void rowsBelow(float (*img)[64], float *out)
{
    int b = blockIdx.x, t = threadIdx.x;
    img[b][t] = (float)t;
    float *flat = &img[0][0];
    out[b * 64 + t] = flat[(b + 1) * 64 + t]; // BUG: block b + 1's row
}
