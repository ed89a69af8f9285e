//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — in place: grid[y*n + x + 1] is read while its own work-item overwrites it
__kernel void jacobi_inplace(__global float *grid, int n)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x > 0 && y > 0 && x < n - 1 && y < n - 1)
        grid[y * n + x] = 0.25f * (grid[y * n + x - 1] + grid[y * n + x + 1] + grid[(y - 1) * n + x] + grid[(y + 1) * n + x]);
}
