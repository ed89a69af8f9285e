//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[4,4]
// expect: racy — in-place transpose of a square matrix: work-items (x,y) and (y,x) swap the same two cells
__kernel void transpose_inplace(__global float *m, int n)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x < n && y < n) {
        float t = m[y * n + x];
        m[y * n + x] = m[x * n + y];
        m[x * n + y] = t;
    }
}
