//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — without the barrier, the read tile[ly][(lx + 1) % 16] races with the neighbouring work-item's write of that tile cell
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  __local float4 tile[16][16];
  int lx = get_local_id(0), ly = get_local_id(1);
  int x = get_global_id(0), y = get_global_id(1);
  tile[ly][lx] = read_imagef(src, smp, (int2)(x, y));
  float4 d = tile[ly][(lx + 1) % 16] - tile[ly][lx];
  write_imagef(dst, (int2)(x, y), d);
}
