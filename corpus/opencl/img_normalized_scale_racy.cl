//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — the row is clamped with min(y, 7), so work-items of rows 7..127 in the same column all write dst pixel (x, 7) with values sampled at different uv
__kernel void k(read_only image2d_t src, write_only image2d_t dst, float w, float h)
{
  const sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float2 uv = (float2)((x + 0.5f) / w, (y + 0.5f) / h);
  float4 px = read_imagef(src, lin, uv * 0.5f);
  write_imagef(dst, (int2)(x, min(y, 7)), px);
}
